"""Loaded by schemathesis for `npm test` (test/schemathesis.toml's `hooks`): one setting of its coverage phase.

The coverage phase sends each string field's boundary lengths. For a field with a pattern it draws a matching string
of exactly that length from the pattern (hypothesis's from_regex, one character at a time, dropping every draw of
another length) up to 8,192 characters, and builds a plain string of the length above that. A URL pattern with a
maxLength of 2,048 took 85 s a draw this way, alone on this machine, most of them ending with no string at all.

Above 1,024 characters this file makes it build the plain string, as it does above 8,192. The case is still sent
where a plain string matches the pattern (a token, a path, a non-blank text) or where a format supplies the value (a
`format: uri` URL comes from schemathesis's URI generator, before this setting is read). It is left out, with the
near-boundary case one character shorter, where neither does: a source's `config.url` (maxLength 2,048) and an S3
`config.endpoint` (2,000). test/api/limits.test.ts sends every length-bounded URL field at its maximum and one past
it, on creation and on change. The coverage phase's generation took 65 s instead of 158 s for the whole document,
alone (test/api/schemathesis.test.ts).
"""

from schemathesis.specs.openapi.coverage import _schema

# Fails loudly on a schemathesis whose coverage phase no longer reads this setting (SCHEMATHESIS_VERSION pins 4.32.5).
assert _schema.MAX_GENERATED_PATTERN_LENGTH == 8 * 1024, _schema.MAX_GENERATED_PATTERN_LENGTH
_schema.MAX_GENERATED_PATTERN_LENGTH = 1024
