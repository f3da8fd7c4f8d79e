-- Headless check of kiss.lua: nvim --headless --clean -c 'luafile check.lua'
-- with KISS_CONFIG (kiss.lua), KISS_BIN, KISS_FILE (a Go file) and KISS_OUT
-- (where the diagnostics go, as JSON) in the environment.
vim.cmd("filetype on")
dofile(vim.env.KISS_CONFIG)
vim.cmd("edit " .. vim.fn.fnameescape(vim.env.KISS_FILE))
local buf = vim.api.nvim_get_current_buf()

local function kiss_client()
  for _, c in ipairs(vim.lsp.buf_get_clients(buf)) do
    if c.name == "kiss" then
      return c
    end
  end
end

local function kiss_diagnostics()
  local c = kiss_client()
  if not c then
    return {}
  end
  return vim.diagnostic.get(buf, { namespace = vim.lsp.diagnostic.get_namespace(c.id) })
end

local arrived = vim.wait(180000, function() return #kiss_diagnostics() > 0 end, 100)

local out = { arrived = arrived, filetype = vim.bo[buf].filetype, attached = kiss_client() ~= nil, diagnostics = {} }
for _, d in ipairs(kiss_diagnostics()) do
  local lsp = (d.user_data and d.user_data.lsp) or {}
  table.insert(out.diagnostics, {
    lnum = d.lnum,
    col = d.col,
    severity = d.severity,
    source = d.source,
    code = d.code or lsp.code,
    message = d.message,
    related = lsp.relatedInformation or {},
  })
end

-- Stop the server the way an editor does (shutdown, exit) and see it go.
local c = kiss_client()
if c then
  c.stop()
  out.stopped = vim.wait(10000, function() return c.is_stopped() end, 50)
end

local f = assert(io.open(vim.env.KISS_OUT, "w"))
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd("qa!")
