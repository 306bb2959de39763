package encode

import (
	"archive/zip"
	"bytes"
	"errors"
	"time"
)

// File is a file to put in a zip.
type File struct {
	Name string
	Body []byte
}

// Zip stores files in a zip archive, as they are (PNGs are compressed
// already), each dated modified.
func Zip(files []File, modified time.Time) ([]byte, error) {
	if len(files) == 0 {
		return nil, errors.New("no file to put in the zip")
	}
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for _, f := range files {
		w, err := z.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Store, Modified: modified})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.Body); err != nil {
			return nil, err
		}
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
