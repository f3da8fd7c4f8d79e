module example.com/fuzz

go 1.24
