package importwgskip

import "testing"

func TestImportSkipsBlankIDs(t *testing.T) {
	im := NewImporter()
	if n := im.Import([]Row{{"1", "ada"}, {"", "nobody"}}); n != 1 {
		t.Errorf("stored %d", n)
	}
}

func TestImportSkipsBlankIDsFixed(t *testing.T) {
	im := NewImporter()
	if n := im.ImportFixed([]Row{{"1", "ada"}, {"", "nobody"}}); n != 1 {
		t.Errorf("stored %d", n)
	}
}
