package loop

// CheckText refuses data that is not text a loop can read, with the words
// ReadDocument uses for a file: empty, binary, not UTF-8, or UTF-16 or
// UTF-32 (named as such, with what to do); name names the input in the
// message. The error wraps ErrNotText. A UTF-8 byte order mark is text.
// For inputs that are not read with ReadDocument: JSON files, data a
// caller already holds.
func CheckText(name string, data []byte) error { return checkText(name, data) }
