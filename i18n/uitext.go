package i18n

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ParseUI parses an interface-strings file:
//
//	# a comment
//	menu.play = Play
//	setup.help = First line\nSecond line
//
// Each non-blank line that does not start with '#' is "key = value". Spaces around the key
// and the value are dropped; a key has no spaces. In values, \n stands for a newline and \\
// for a backslash. A value may be empty here; the package's tests reject empty values in the
// shipped files.
//
// ParseUI returns every well-formed entry together with an error listing the malformed
// lines (a line without '=', an empty or spaced key, a duplicate key, an unknown escape).
func ParseUI(data []byte) (map[string]string, error) {
	cat, err := parseUI(data)
	if err != nil {
		return cat, fmt.Errorf("i18n: ui strings: %w", err)
	}
	return cat, nil
}

func parseUI(data []byte) (map[string]string, error) {
	cat := map[string]string{}
	var errs []error
	for i, raw := range splitLines(string(data)) {
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, value, err := parseUILine(line)
		if err == nil {
			if _, dup := cat[key]; dup {
				err = fmt.Errorf("key %q given twice", key)
			}
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("line %d: %w", i+1, err))
			continue
		}
		cat[key] = value
	}
	return cat, errors.Join(errs...)
}

func parseUILine(line string) (key, value string, err error) {
	key, raw, ok := strings.Cut(line, "=")
	if !ok {
		return "", "", errors.New(`not "key = value"`)
	}
	key = strings.TrimSpace(key)
	if key == "" {
		return "", "", errors.New("empty key")
	}
	if strings.IndexFunc(key, unicode.IsSpace) >= 0 {
		return "", "", fmt.Errorf("key %q contains a space", key)
	}
	value, err = unescape(strings.TrimSpace(raw))
	if err != nil {
		return "", "", fmt.Errorf("key %q: %w", key, err)
	}
	return key, value, nil
}

// unescape resolves \n and \\; any other backslash sequence is an error, so that a typo
// such as \t or a Windows path shows up in the tests instead of on screen.
func unescape(s string) (string, error) {
	if !strings.Contains(s, `\`) {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		if i+1 == len(s) {
			return "", errors.New(`value ends with a lone \`)
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case '\\':
			b.WriteByte('\\')
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return "", fmt.Errorf(`unknown escape \%c (only \n and \\)`, r)
		}
	}
	return b.String(), nil
}
