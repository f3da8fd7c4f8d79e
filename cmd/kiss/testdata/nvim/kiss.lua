-- kiss as a language server for Go files (Neovim 0.7 or later).
-- KISS_BIN overrides the command; by default `kiss` from PATH.
local kiss_cmd = { vim.env.KISS_BIN or "kiss", "lsp" }
local kiss_clients = {} -- one kiss lsp per module root

vim.api.nvim_create_autocmd("FileType", {
  pattern = "go",
  callback = function(args)
    local dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ":p:h")
    local gomod = vim.fn.findfile("go.mod", dir .. ";")
    local root = gomod ~= "" and vim.fn.fnamemodify(gomod, ":p:h") or dir
    if not kiss_clients[root] then
      kiss_clients[root] = vim.lsp.start_client({ name = "kiss", cmd = kiss_cmd, root_dir = root })
    end
    vim.lsp.buf_attach_client(args.buf, kiss_clients[root])
  end,
})
