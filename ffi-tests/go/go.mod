module librouge.dev/rouge

go 1.24
