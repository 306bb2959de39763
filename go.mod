module dlock

go 1.26.8
