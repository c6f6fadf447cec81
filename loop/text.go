package loop

// CheckText refuses data that is not text a loop can review, as
// ReadDocument refuses a file (ErrNotText): empty, binary (a NUL byte), or
// not UTF-8, a UTF-16 or UTF-32 text named as such. name is the file's,
// for the message. For what is not read from a file: a blob of a commit.
func CheckText(name string, data []byte) error { return checkText(name, data) }
