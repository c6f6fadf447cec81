package offline

// maxTag bounds the bytes an inline HTML tag may span, so that a '<'
// followed by a long run of attribute-like text costs bounded time.
const maxTag = 4 << 10

// htmlTagEnd returns the offset just after the inline HTML tag that starts
// at b[i] == '<' and ends before e, or -1: an open tag ("<img src=x
// width="50%">", attributes on several lines included) or a closing tag
// ("</a>") in CommonMark's grammar, at most maxTag bytes long. Line
// breaks and mask bytes (a block quote's markers) count as white space.
func htmlTagEnd(b []byte, i, e int) int {
	e = min(e, i+maxTag)
	j := i + 1
	closing := j < e && b[j] == '/'
	if closing {
		j++
	}
	if j >= e || !isASCIILetter(b[j]) {
		return -1
	}
	for j < e && (isASCIILetter(b[j]) || b[j] >= '0' && b[j] <= '9' || b[j] == '-') {
		j++
	}
	space := func() bool { // skips white space; reports whether there was any
		k := j
		for j < e && (b[j] == ' ' || b[j] == '\t' || b[j] == '\n' || b[j] == '\r' || b[j] == mask) {
			j++
		}
		return j > k
	}
	if closing {
		space()
		if j < e && b[j] == '>' {
			return j + 1
		}
		return -1
	}
	for {
		sp := space()
		switch {
		case j >= e:
			return -1
		case b[j] == '>':
			return j + 1
		case b[j] == '/':
			if j+1 < e && b[j+1] == '>' {
				return j + 2
			}
			return -1
		case !sp || !attrNameStart(b[j]):
			return -1
		}
		for j < e && (attrNameStart(b[j]) || b[j] >= '0' && b[j] <= '9' || b[j] == '.' || b[j] == '-') {
			j++
		}
		k := j
		space()
		if j >= e || b[j] != '=' {
			j = k // no value: the white space belongs before the next attribute
			continue
		}
		j++
		space()
		if j >= e {
			return -1
		}
		switch q := b[j]; q {
		case '"', '\'':
			j++
			for j < e && b[j] != q {
				j++
			}
			if j >= e {
				return -1
			}
			j++
		default:
			k := j
			for j < e && !unquotedStop(b[j]) {
				j++
			}
			if j == k {
				return -1
			}
		}
	}
}

func attrNameStart(c byte) bool { return isASCIILetter(c) || c == '_' || c == ':' }

func unquotedStop(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', mask, '"', '\'', '=', '<', '>', '`':
		return true
	}
	return false
}
