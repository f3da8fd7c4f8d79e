module example.com/replay

go 1.24
