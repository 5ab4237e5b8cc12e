/**
 * Mixed-script detection for names people choose (UTS #39 "highly restrictive"): every letter and
 * digit of a name belongs to one script, or the name mixes only Latin with the scripts written
 * together in Chinese, Japanese or Korean. So `аlice` (a Cyrillic а among Latin letters) is
 * refused, while `김민준`, `山田たろう`, `Jo-Anne` and `alice김` are fine. Characters shared by all
 * scripts (ASCII digits, punctuation) and combining marks do not count.
 */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
] as const;
type Script = (typeof SCRIPTS)[number] | 'Other';

// Built once: one regular expression per script, tried in order.
const patterns = SCRIPTS.map((script) => [script, new RegExp(`^\\p{Script=${script}}$`, 'u')] as const);
const shared = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
const counted = /^[\p{L}\p{N}]$/u;

function scriptOf(char: string): Script {
  for (const [script, pattern] of patterns) if (pattern.test(char)) return script;
  return 'Other';
}

/** The scripts a name's letters and digits are written in. */
export function scriptsOf(name: string): Set<Script> {
  const found = new Set<Script>();
  for (const char of name) {
    if (!counted.test(char) || shared.test(char)) continue;
    found.add(scriptOf(char));
  }
  return found;
}

const CJK_SETS: readonly (readonly Script[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/** True when the name is written in one script, or in Latin plus one CJK combination. */
export function isSingleScript(name: string): boolean {
  const scripts = [...scriptsOf(name)];
  if (scripts.length <= 1) return true;
  return CJK_SETS.some((allowed) => scripts.every((s) => allowed.includes(s)));
}
