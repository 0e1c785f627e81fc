-- Minimal configuration for the end-to-end test: only editors/neovim on the runtimepath, then the test.
-- Environment: TABLELINT (the binary), TABLELINT_EDITORS (the editors/ directory), TABLELINT_FIXTURE.
local editors = assert(os.getenv('TABLELINT_EDITORS'), 'TABLELINT_EDITORS is not set')
vim.opt.runtimepath:prepend(editors .. '/neovim')
vim.opt.swapfile = false
vim.opt.shadafile = 'NONE'

require('tablelint').setup({ cmd = { assert(os.getenv('TABLELINT'), 'TABLELINT is not set'), 'lsp' } })

-- Run the test once startup is over (filetype detection is on by then).
vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  nested = true, -- let :edit in the test fire BufRead and FileType
  callback = function()
    dofile(editors .. '/tests/nvim/test.lua')
  end,
})
