package offline

// say returns ja in a Japanese document (one that holds kana) and en
// otherwise: every rule speaks the document's language, whatever the
// language of the sentence it reports.
func (r *run) say(en, ja string) string {
	if r.doc.kana {
		return ja
	}
	return en
}

// englishPhraseLead names, in Japanese, what an English phrase rule
// finds.
func englishPhraseLead(rule string) string {
	switch rule {
	case "en-stock-phrase":
		return "機械の書いた英文に多い定型句です"
	case "en-redundant":
		return "冗長な英語表現です"
	case "en-weasel":
		return "中身のない強調語やぼかし語です"
	case "en-cliche":
		return "英語の決まり文句です"
	}
	return "出典のない主張です"
}
