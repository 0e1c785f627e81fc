-- tablelint for Neovim: starts `tablelint lsp` for Swift, storyboard and xib buffers.
--
--   require('tablelint').setup()                       -- defaults
--   require('tablelint').setup({ cmd = { '/path/to/tablelint', 'lsp' } })
--
-- Works on Neovim 0.7 (vim.lsp.start_client + vim.lsp.buf_attach_client, one client per root) and on newer
-- versions (vim.lsp.start, which reuses a client with the same name and root). Needs no plugin besides this one.

local M = {}

local defaults = {
  -- The server command.
  cmd = { 'tablelint', 'lsp' },
  -- Buffers of these filetypes get the server.
  filetypes = { 'swift', 'storyboard', 'xib' },
  -- The project root is the nearest directory above the file holding one of these (globs allowed); the first
  -- group wins over the next, so a Package.swift inside a git repository is preferred to the repository.
  root_markers = { { 'Package.swift', '*.xcodeproj', '*.xcworkspace', '.tablelint.yml' }, { '.git' } },
  -- function(path) -> root directory or nil; replaces root_markers when set.
  root_dir = nil,
  -- Register *.storyboard / *.xib as filetypes 'storyboard' / 'xib' with XML syntax.
  register_filetypes = true,
  -- Passed to the client as is.
  on_attach = nil,
  capabilities = nil,
  settings = nil,
  init_options = nil,
  handlers = nil,
  flags = nil,
}

M.config = vim.deepcopy(defaults)

-- Clients started on Neovim 0.7, by root directory.
local clients_by_root = {}

local uv = vim.loop

local function dirname(path)
  return vim.fn.fnamemodify(path, ':h')
end

local function has_marker(dir, marker)
  if marker:find('[%*%?%[]') then
    return vim.fn.glob(dir .. '/' .. marker, true, true)[1] ~= nil
  end
  return uv.fs_stat(dir .. '/' .. marker) ~= nil
end

--- The project root of `path` (a file or directory): the nearest ancestor holding a marker of the first group
--- that matches anywhere above, else of the next group; else the file's directory.
function M.find_root(path, root_markers)
  root_markers = root_markers or M.config.root_markers
  local start = vim.fn.fnamemodify(path, ':p')
  if vim.fn.isdirectory(start) == 0 then
    start = dirname(start)
  end
  start = start:gsub('/$', '')
  if start == '' then
    start = '/'
  end
  for _, group in ipairs(root_markers) do
    if type(group) == 'string' then
      group = { group }
    end
    local dir = start
    while true do
      for _, marker in ipairs(group) do
        if has_marker(dir, marker) then
          return dir
        end
      end
      local parent = dirname(dir)
      if parent == dir then
        break
      end
      dir = parent
    end
  end
  return start
end

local function client_config(root)
  local cfg = M.config
  return {
    name = 'tablelint',
    cmd = cfg.cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    on_attach = cfg.on_attach,
    capabilities = cfg.capabilities,
    settings = cfg.settings,
    init_options = cfg.init_options,
    handlers = cfg.handlers,
    flags = cfg.flags,
  }
end

--- Starts (or reuses) the client for the buffer's project and attaches the buffer. Returns the client id.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' or vim.bo[bufnr].buftype ~= '' then
    return nil
  end
  local root = M.config.root_dir and M.config.root_dir(name) or M.find_root(name)
  if not root then
    return nil
  end
  local config = client_config(root)

  if vim.lsp.start then
    -- Neovim 0.8+: reuses the client with the same name and root_dir, and attaches the buffer.
    return vim.lsp.start(config, { bufnr = bufnr })
  end

  -- Neovim 0.7.
  local id = clients_by_root[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    config.on_exit = function()
      if clients_by_root[root] == id then
        clients_by_root[root] = nil
      end
    end
    id = vim.lsp.start_client(config)
    if not id then
      vim.notify('tablelint: could not start ' .. table.concat(config.cmd, ' '), vim.log.levels.ERROR)
      return nil
    end
    clients_by_root[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

local function register_filetypes()
  if vim.filetype and vim.filetype.add then
    -- Neovim 0.8+ (and 0.7 with g:do_filetype_lua).
    vim.filetype.add({ extension = { storyboard = 'storyboard', xib = 'xib' } })
  end
  -- Neovim 0.7 uses filetype.vim, which knows neither extension.
  local group = vim.api.nvim_create_augroup('tablelint_filetypes', { clear = true })
  vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
    group = group,
    pattern = { '*.storyboard', '*.xib' },
    callback = function(args)
      local ft = vim.fn.fnamemodify(args.file, ':e')
      if vim.bo[args.buf].filetype ~= ft then
        vim.bo[args.buf].filetype = ft
      end
    end,
  })
  -- XML syntax, indentation and filetype plugin come from syntax/, indent/ and ftplugin/ next to lua/ (this
  -- directory must be on 'runtimepath', as plugin managers put it).
end

--- Renames the symbol under the cursor with tablelint and, when another client of the buffer renames too
--- (sourcekit-lsp), with that client: both edits are computed on the same text, then applied, tablelint's first.
--- Start tablelint with init_options = { rename = { compilerSymbols = false } } beside sourcekit-lsp, so that it
--- edits only what the compiler does not see (storyboards, xibs, selector and identifier strings).
--- `new_name` is asked for when not given. Works on Neovim 0.7+.
function M.rename(new_name)
  local bufnr = vim.api.nvim_get_current_buf()
  local params = vim.lsp.util.make_position_params()
  local tablelint, others = nil, {}
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == 'tablelint' then
      tablelint = client
    elseif client.supports_method('textDocument/rename') then
      table.insert(others, client)
    end
  end
  if not tablelint then
    return vim.lsp.buf.rename(new_name)
  end
  local prepared = tablelint.request_sync('textDocument/prepareRename', params, 5000, bufnr)
  local placeholder
  if prepared and prepared.result then
    placeholder = prepared.result.placeholder
  elseif #others == 0 then
    local message = prepared and prepared.err and prepared.err.message or 'nothing to rename'
    vim.notify('tablelint: ' .. message, vim.log.levels.WARN)
    return
  end
  new_name = new_name or vim.fn.input('New name: ', placeholder or vim.fn.expand('<cword>'))
  if not new_name or new_name == '' then
    return
  end
  params.newName = new_name
  local edits = {}
  if placeholder then
    local answer = tablelint.request_sync('textDocument/rename', params, 10000, bufnr)
    if answer and answer.err then
      vim.notify('tablelint: ' .. answer.err.message, vim.log.levels.WARN)
      return
    end
    table.insert(edits, { answer and answer.result, tablelint.offset_encoding })
  end
  for _, client in ipairs(others) do
    local answer = client.request_sync('textDocument/rename', params, 10000, bufnr)
    table.insert(edits, { answer and answer.result, client.offset_encoding })
  end
  for _, edit in ipairs(edits) do
    if edit[1] then
      vim.lsp.util.apply_workspace_edit(edit[1], edit[2])
    end
  end
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  -- Lists are replaced, not merged.
  for _, key in ipairs({ 'cmd', 'filetypes', 'root_markers' }) do
    if opts and opts[key] then
      M.config[key] = opts[key]
    end
  end
  if M.config.register_filetypes then
    register_filetypes()
  end
  local group = vim.api.nvim_create_augroup('tablelint_lsp', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.config.filetypes,
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  -- Buffers already open when setup runs.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(M.config.filetypes, vim.bo[bufnr].filetype) then
      M.attach(bufnr)
    end
  end
end

return M
