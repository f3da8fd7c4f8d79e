module example.com/shapes

go 1.13
