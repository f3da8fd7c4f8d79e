module example.com/crossmod

go 1.24
