// Placeholder: the language server arrives with the language-server issue.
