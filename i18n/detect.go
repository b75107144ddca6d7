package i18n

// fromEnv picks the language from POSIX locale variables, read through getenv so that the
// rule can be tested without touching the process environment. As in setlocale, LC_ALL
// overrides LC_MESSAGES, which overrides LANG; the first one set decides.
func fromEnv(getenv func(string) string) Lang {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(name); v != "" {
			return Match(v)
		}
	}
	return English
}
