package i18n

import "testing"

func TestMatch(t *testing.T) {
	tests := []struct {
		locale string
		want   Lang
	}{
		{"ja", Japanese},
		{"ja_JP.UTF-8", Japanese},
		{"ja-JP", Japanese},
		{"JA-jp", Japanese},
		{"ja_JP.eucJP@euro", Japanese},
		{"ja.UTF-8", Japanese},
		{"en_GB.UTF-8", English},
		{"C", English},
		{"C.UTF-8", English},
		{"POSIX", English},
		{"jv_ID", English}, // Javanese starts with "j" too
		{"jam", English},   // a longer primary subtag that merely starts with "ja"
		{"fr-FR", English},
		{"", English},
	}
	for _, tt := range tests {
		if got := Match(tt.locale); got != tt.want {
			t.Errorf("Match(%q) = %s, want %s", tt.locale, got, tt.want)
		}
	}
}

func TestFromEnv(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want Lang
	}{
		{"nothing set", map[string]string{}, English},
		{"LANG only", map[string]string{"LANG": "ja_JP.UTF-8"}, Japanese},
		{"LC_MESSAGES beats LANG", map[string]string{"LC_MESSAGES": "en_US.UTF-8", "LANG": "ja_JP.UTF-8"}, English},
		{"LC_ALL beats all", map[string]string{"LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "C", "LANG": "C"}, Japanese},
		{"empty LC_ALL is skipped", map[string]string{"LC_ALL": "", "LC_MESSAGES": "ja_JP", "LANG": "C"}, Japanese},
		{"C locale", map[string]string{"LANG": "C"}, English},
		{"other language", map[string]string{"LANG": "de_DE.UTF-8"}, English},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(k string) string { return tt.env[k] }
			if got := fromEnv(getenv); got != tt.want {
				t.Errorf("fromEnv = %s, want %s", got, tt.want)
			}
		})
	}
}
