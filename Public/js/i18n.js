// The page's words in the reader's language (issue 32). One file per language (/i18n/en.json,
// /i18n/ko.json) for the whole page, each game's words under its id (`kalah.sowed`: wordsOfGame), so
// that a new language is one new file. The language follows navigator.languages on the first visit,
// can be switched on every page (the control this module adds to the top bar) and is remembered;
// <html lang> follows it.
// Every module that shows words imports this one, so the words are loaded before the first render
// (top-level await).

/** The languages the page speaks, each under its own name. A new one: its file, and a line here. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'ko', name: '한국어' },
];
const DEFAULT = 'en';
const KEY = 'tictactoe.language';

function remembered() {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The reader's language: the remembered one, else the first of the browser's we speak, else English. */
function chooseLanguage() {
  const known = (code) => LANGUAGES.some((language) => language.code === code);
  const kept = remembered();
  if (known(kept)) return kept;
  const asked = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ''];
  for (const tag of asked) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (known(base)) return base;
  }
  return DEFAULT;
}

export const lang = chooseLanguage();
document.documentElement.lang = lang;

async function load(code) {
  const response = await fetch(`/i18n/${code}.json`);
  if (!response.ok) throw new Error(`no words for ${code}`);
  return response.json();
}

let words = {};
let fallback = {};
try {
  [words, fallback] = await Promise.all([load(lang), lang === DEFAULT ? null : load(DEFAULT)]);
  fallback = fallback || words;
} catch {
  words = fallback = {};
}

const plurals = new Intl.PluralRules(lang);
const numbers = new Intl.NumberFormat(lang);

/** `{name}` in `text` replaced by `params.name` (numbers through Intl.NumberFormat). */
function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === 'number' ? numbers.format(value) : String(value);
  });
}

/** Looks `key` up in `table` (then `backup`); with `params.count`, `key.one` / `key.other` first. */
function lookUp(table, backup, key, params) {
  if (params && typeof params.count === 'number') {
    const plural = `${key}.${plurals.select(params.count)}`;
    const other = `${key}.other`;
    for (const candidate of [plural, other]) {
      if (candidate in table) return table[candidate];
    }
    for (const candidate of [plural, other]) {
      if (candidate in backup) return backup[candidate];
    }
  }
  if (key in table) return table[key];
  if (key in backup) return backup[key];
  return null;
}

/** The sentence of `key` in the reader's language, `params` filled in; the key itself if missing. */
export function t(key, params = {}) {
  const text = lookUp(words, fallback, key, params);
  return text === null ? key : fill(text, params);
}

/** Whether `key` has words (an error code the page knows, for example). */
export function has(key) {
  return key in words || key in fallback;
}

/**
 * A game's words: `(key, params) => text` for the keys under `{gameId}.` in the files ("kalah.sowed").
 * Each game says its own sentences through it, so that none names another's keys.
 */
export function wordsOfGame(gameId) {
  return (key, params) => t(`${gameId}.${key}`, params);
}

/** A number in the reader's language. */
export function number(value, options) {
  return new Intl.NumberFormat(lang, options).format(value);
}

/** "5 minutes ago" / "5분 전": `amount` of `unit` ('second', 'minute', 'hour', 'day') ago. */
export function ago(amount, unit) {
  return new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(-amount, unit);
}

/**
 * Translates the page's own markup: `data-i18n` (text), `data-i18n-label` (aria-label),
 * `data-i18n-placeholder`, `data-i18n-content` (a meta's content), `data-i18n-title`.
 */
export function translate(root = document) {
  for (const element of root.querySelectorAll('[data-i18n]')) element.textContent = t(element.dataset.i18n);
  for (const element of root.querySelectorAll('[data-i18n-label]')) element.setAttribute('aria-label', t(element.dataset.i18nLabel));
  for (const element of root.querySelectorAll('[data-i18n-placeholder]')) element.setAttribute('placeholder', t(element.dataset.i18nPlaceholder));
  for (const element of root.querySelectorAll('[data-i18n-content]')) element.setAttribute('content', t(element.dataset.i18nContent));
  for (const element of root.querySelectorAll('[data-i18n-title]')) element.setAttribute('title', t(element.dataset.i18nTitle));
}

/** The language control of the top bar: a labelled select; a choice is remembered and the page reloaded. */
function addSwitch() {
  const bar = document.querySelector('.topbar');
  if (!bar || bar.querySelector('.language')) return;
  const label = document.createElement('label');
  label.className = 'language';
  const caption = document.createElement('span');
  caption.className = 'visually-hidden';
  caption.textContent = t('language.label');
  const select = document.createElement('select');
  select.className = 'language__select';
  select.dataset.testid = 'language';
  for (const language of LANGUAGES) {
    const option = document.createElement('option');
    option.value = language.code;
    option.lang = language.code;
    option.textContent = language.name;
    option.selected = language.code === lang;
    select.append(option);
  }
  select.addEventListener('change', () => {
    try {
      window.localStorage.setItem(KEY, select.value);
    } catch {
      // Not remembered: this page still switches.
    }
    window.location.reload();
  });
  label.append(caption, select);
  bar.append(label);
}

translate();
addSwitch();
