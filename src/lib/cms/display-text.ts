/**
 * Characters a CMS name may carry that change how the text reads without being seen: bidi
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the directional marks
 * (U+200E, U+200F, U+061C) and the zero-width characters (U+200B–U+200D, U+2060, U+FEFF). Anyone
 * with a CMS login can type them into a name to reverse part of it on screen or to make two names
 * that look alike compare different (deployed-system.md §C9.6).
 */
const HIDDEN_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/g;

/** The text with every hidden control character above removed; applied once, where CMS names are parsed. */
export function withoutHiddenControls(text: string): string {
  return text.replace(HIDDEN_CONTROLS, '');
}
