// Package tables reads the tables the tests hold the model and the page to:
// core/testdata/book-frames.tsv (the published demo's frames) and
// core/testdata/matrix.tsv (each scenario's verdict under each strategy,
// derived by hand from its story). A table is tab-separated text: a header
// row, then one row per line; lines starting with # are comments.
package tables

import (
	"fmt"
	"os"
	"strings"
)

// Read returns the rows of the table at path, one map per row: column →
// cell. A row whose cells do not match the header is an error.
func Read(path string) ([]map[string]string, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var header []string
	var rows []map[string]string
	for n, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		cells := strings.Split(line, "\t")
		if header == nil {
			header = cells
			continue
		}
		if len(cells) != len(header) {
			return nil, fmt.Errorf("%s:%d: %d cells under a header of %d", path, n+1, len(cells), len(header))
		}
		row := make(map[string]string, len(cells))
		for i, name := range header {
			row[name] = cells[i]
		}
		rows = append(rows, row)
	}
	if header == nil {
		return nil, fmt.Errorf("%s: no header", path)
	}
	return rows, nil
}
