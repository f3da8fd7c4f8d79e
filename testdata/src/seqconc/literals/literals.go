// Package literals has tables written as composite literals of constants,
// which kiss stores whole instead of element by element: the values must
// be the ones Go gives, zeros where the literal says nothing included.
package literals

type rng struct{ lo, hi uint16 }

type entry struct {
	name string
	n    int8
	r    rng
}

var table = [...]byte{0x3c, 0x14, 0xa9, 0x18, 0xd4, 0x30, 0xe7, 0x79, 0x01, 0xb6, 10: 0xff, 0x07, 13: 7}

var ranges = []rng{{0x41, 0x5a}, {0x61, 0x7a}, {0xaa, 0xaa}, {0xb5, 0xb5}, {0xba, 0xba}}

var entries = [...]entry{{"a", -1, rng{1, 2}}, {"b", 2, rng{3, 4}}, {name: "c"}, {"d", 4, rng{hi: 9}}}

var grid = [3][4]int16{{1, 2, 3, 4}, {-5, 6}, 2: {3: 12}}

// valuesRight reports whether every table holds what its literal says.
func valuesRight() bool {
	return table[0] == 0x3c && table[9] == 0xb6 && table[10] == 0xff && table[11] == 7 && table[12] == 0 && table[13] == 7 && len(table) == 14 &&
		ranges[3].lo == 0xb5 && ranges[1].hi == 0x7a && len(ranges) == 5 &&
		entries[0].n == -1 && entries[1].r.lo == 3 && entries[2].name == "c" && entries[2].n == 0 && entries[3].r == rng{0, 9} &&
		grid[1][0] == -5 && grid[1][1] == 6 && grid[1][2] == 0 && grid[2][3] == 12 && grid[0][3] == 4
}

// local builds a literal of constants in a function, as a value and
// behind a pointer.
func local() ([6]byte, *[5]uint32) {
	return [6]byte{1, 2, 3, 4, 5, 0x80}, &[5]uint32{9, 8, 7, 6, 5}
}
