print("tablelint")
