-- End-to-end test with a real Neovim: diagnostics for a Swift file and a storyboard, completion of reuse
-- identifiers inside `withIdentifier: "`, the code lens above a table declared in code, and the rename of an
-- @IBAction whose storyboard connection follows (applied to buffers, never saved). Exits 0 on success, 1 on any failure (messages on stderr).
local fixture = assert(os.getenv('TABLELINT_FIXTURE'), 'TABLELINT_FIXTURE is not set')
local timeout = tonumber(os.getenv('TABLELINT_WAIT_MS') or '30000')
local failures = 0

local function log(...)
  io.stderr:write('nvim: ' .. table.concat(vim.tbl_map(tostring, { ... }), ' ') .. '\n')
end

local function check(ok, message)
  if ok then
    log('ok   ' .. message)
  else
    failures = failures + 1
    log('FAIL ' .. message)
  end
  return ok
end

local function finish()
  log(failures == 0 and 'all checks passed' or (failures .. ' check(s) failed'))
  -- Stop the clients first: shutdown/exit as a user's :qa would.
  vim.lsp.stop_client(vim.lsp.get_active_clients(), false)
  vim.wait(2000, function() return #vim.lsp.get_active_clients() == 0 end, 50)
  vim.cmd(failures == 0 and 'qall!' or 'cquit! 1')
end

local function codes(diagnostics)
  local list = {}
  for _, d in ipairs(diagnostics) do
    table.insert(list, string.format('%d:%d %s %s', d.lnum + 1, d.col + 1, tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)), d.message))
  end
  return list
end

local function has_code(diagnostics, code)
  for _, d in ipairs(diagnostics) do
    local c = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    if c == code then return true end
  end
  return false
end

local ok, err = pcall(function()
  log('Neovim ' .. tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) .. '.' .. tostring(vim.version().patch))

  -- 1. A Swift file: the client starts in the fixture's root and publishes the unregistered "Comment".
  vim.cmd('edit ' .. vim.fn.fnameescape(fixture .. '/App/FeedViewController.swift'))
  local swift = vim.api.nvim_get_current_buf()
  check(vim.bo[swift].filetype == 'swift', 'filetype of the Swift file is swift (' .. vim.bo[swift].filetype .. ')')
  check(vim.wait(timeout, function() return #vim.lsp.buf_get_clients(swift) > 0 end, 50), 'a client is attached to the Swift buffer')
  local _, client = next(vim.lsp.buf_get_clients(swift))
  if client then
    check(client.name == 'tablelint', 'the client is tablelint (' .. tostring(client.name) .. ')')
    check(vim.fn.resolve(client.config.root_dir) == vim.fn.resolve(fixture), 'root_dir is the fixture (' .. tostring(client.config.root_dir) .. ')')
  end
  local got = vim.wait(timeout, function() return has_code(vim.diagnostic.get(swift), 'unregistered_reuse_identifier') end, 50)
  check(got, 'Swift diagnostics include unregistered_reuse_identifier: ' .. vim.inspect(codes(vim.diagnostic.get(swift))))

  -- 2. Completion inside `withIdentifier: "` on the line dequeuing "Comment".
  local lines = vim.api.nvim_buf_get_lines(swift, 0, -1, false)
  local line, character
  for i, text in ipairs(lines) do
    local s, e = text:find('withIdentifier: "Comment', 1, true)
    if s then
      line, character = i - 1, e - #'Comment'  -- just after the quote (ASCII: bytes = UTF-16 units)
    end
  end
  assert(line, 'the fixture has no `withIdentifier: "Comment`')
  local params = { textDocument = { uri = vim.uri_from_bufnr(swift) }, position = { line = line, character = character } }
  local responses, request_err = vim.lsp.buf_request_sync(swift, 'textDocument/completion', params, timeout)
  local labels = {}
  for _, response in pairs(responses or {}) do
    local result = response.result
    local items = result and (result.items or result) or {}
    for _, item in ipairs(items) do table.insert(labels, item.label) end
  end
  check(vim.tbl_contains(labels, 'Photo') and vim.tbl_contains(labels, 'Banner'),
    'completion at ' .. (line + 1) .. ':' .. character .. ' offers Photo and Banner: ' .. vim.inspect(labels) .. (request_err and (' error: ' .. tostring(request_err)) or ''))

  -- 3. A table declared in code gets a "Preview table" code lens.
  vim.cmd('edit ' .. vim.fn.fnameescape(fixture .. '/App/AboutViewController.swift'))
  local about = vim.api.nvim_get_current_buf()
  check(vim.wait(timeout, function() return #vim.lsp.buf_get_clients(about) > 0 end, 50), 'a client is attached to AboutViewController.swift')
  local lenses = {}
  vim.wait(timeout, function()
    local responses = vim.lsp.buf_request_sync(about, 'textDocument/codeLens', { textDocument = { uri = vim.uri_from_bufnr(about) } }, timeout)
    lenses = {}
    for _, response in pairs(responses or {}) do
      for _, lens in ipairs(response.result or {}) do
        table.insert(lenses, string.format('%d %s', lens.range.start.line + 1, lens.command and lens.command.title or '?'))
      end
    end
    return #lenses > 0
  end, 200)
  check(vim.tbl_contains(lenses, '6 Preview table'), 'a "Preview table" code lens above the data source on line 6: ' .. vim.inspect(lenses))

  -- 4. The storyboard: filetype, XML syntax, the same client, its diagnostic.
  vim.cmd('edit ' .. vim.fn.fnameescape(fixture .. '/App/Base.lproj/Main.storyboard'))
  local storyboard = vim.api.nvim_get_current_buf()
  check(vim.bo[storyboard].filetype == 'storyboard', 'filetype of the storyboard is storyboard (' .. vim.bo[storyboard].filetype .. ')')
  -- Line 2 is `<document …>`: the XML syntax names its tag.
  local group = vim.fn.synIDattr(vim.fn.synID(2, 2, 1), 'name')
  check(group:match('^xml') ~= nil, 'the storyboard has XML syntax (syntax group at 2:2 is ' .. group .. ')')
  check(vim.wait(timeout, function() return #vim.lsp.buf_get_clients(storyboard) > 0 end, 50), 'a client is attached to the storyboard')
  check(#vim.lsp.get_active_clients() == 1, 'one client serves both buffers (' .. #vim.lsp.get_active_clients() .. ')')
  got = vim.wait(timeout, function() return has_code(vim.diagnostic.get(storyboard), 'prototype_without_reuse_identifier') end, 50)
  check(got, 'storyboard diagnostics include prototype_without_reuse_identifier: ' .. vim.inspect(codes(vim.diagnostic.get(storyboard))))

  -- 5. Rename the @IBAction `refresh(_:)` from Swift: the storyboard's `selector="refresh:"` follows.
  vim.cmd('buffer ' .. swift)
  local swift_lines = vim.api.nvim_buf_get_lines(swift, 0, -1, false)
  for i, text in ipairs(swift_lines) do
    local s = text:find('func refresh(', 1, true)
    if s then vim.api.nvim_win_set_cursor(0, { i, s + #'func ' }) end
  end
  require('tablelint').rename('reloadFeed')
  local function buffer_has(bufnr, needle)
    return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n'):find(needle, 1, true) ~= nil
  end
  got = vim.wait(timeout, function() return buffer_has(storyboard, 'selector="reloadFeed:"') end, 50)
  check(got, 'the rename changed the storyboard connection to selector="reloadFeed:"')
  check(buffer_has(swift, '@IBAction func reloadFeed(_ sender: Any)'), 'the rename changed the Swift declaration')
  check(not buffer_has(storyboard, 'selector="refresh:"'), 'no connection names refresh: any more')
end)
if not ok then
  failures = failures + 1
  log('FAIL error: ' .. tostring(err))
end
finish()
