#!/usr/bin/env python3
"""Merges translations into all 19 language packs under a lock, so several people can add keys at once.

Usage: python3 scripts/add-locale-keys.py keys.json
keys.json: { "error.some_key": { "en": "...", "zh": "...", ... all 19 codes ... }, ... }
Every key must carry all 19 languages; files stay sorted, 2-space JSON, UTF-8.
"""
import fcntl, json, os, sys

LOCALES = os.path.join(os.path.dirname(__file__), '..', 'packages', 'contract', 'src', 'i18n', 'locales')
CODES = ['zh', 'en', 'tc', 'de', 'es', 'fr', 'idn', 'jp', 'ko', 'my', 'th', 'vi', 'pt', 'rus', 'blr', 'ida', 'sa', 'ar', 'it']

def main(path):
    additions = json.load(open(path, encoding='utf-8'))
    for key, texts in additions.items():
        missing = [code for code in CODES if not texts.get(code)]
        if missing:
            sys.exit(f'{key}: missing {", ".join(missing)}')
    with open(os.path.join(LOCALES, '.lock'), 'w') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for code in CODES:
            file = os.path.join(LOCALES, f'{code}.json')
            pack = json.load(open(file, encoding='utf-8'))
            for key, texts in additions.items():
                pack[key] = texts[code]
            with open(file + '.tmp', 'w', encoding='utf-8') as out:
                json.dump(dict(sorted(pack.items())), out, ensure_ascii=False, indent=2)
                out.write('\n')
            os.replace(file + '.tmp', file)
    print(f'added {len(additions)} keys to {len(CODES)} packs')

main(sys.argv[1])
