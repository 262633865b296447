import { LANGUAGES } from '@kestrel/contract';
import { Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { isRightToLeft, languageOptions } from './languages';

/**
 * A text in several of the 19 languages (`{ en: '...', de: '...' }`), as a Form control: pick the
 * language, edit its text. English is first; languages with a text are marked.
 */
export function TranslationsInput(props: {
  value?: Record<string, string>;
  onChange?: (value: Record<string, string>) => void;
  multiline?: boolean;
  maxLength?: number;
  testId?: string;
}) {
  const [language, setLanguage] = useState('en');
  const value = props.value ?? {};
  const set = (text: string) => {
    const next = { ...value, [language]: text };
    if (text === '' && language !== 'en') delete next[language];
    props.onChange?.(next);
  };
  const filled = LANGUAGES.filter((entry) => (value[entry.code] ?? '') !== '');
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={6}>
      <Space wrap size={4}>
        <Select
          size="small"
          value={language}
          onChange={setLanguage}
          style={{ width: 220 }}
          options={languageOptions(value)}
          data-testid={props.testId ? `${props.testId}-language` : undefined}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {filled.length} of {LANGUAGES.length} languages:
        </Typography.Text>
        {filled.slice(0, 10).map((entry) => (
          <Tag key={entry.code} style={{ marginInlineEnd: 0 }}>
            {entry.code}
          </Tag>
        ))}
        {filled.length > 10 ? <Tag>+{filled.length - 10}</Tag> : null}
      </Space>
      {props.multiline ? (
        <Input.TextArea
          rows={5}
          value={value[language] ?? ''}
          maxLength={props.maxLength}
          onChange={(event) => set(event.target.value)}
          dir={isRightToLeft(language) ? 'rtl' : 'ltr'}
          data-testid={props.testId}
        />
      ) : (
        <Input
          value={value[language] ?? ''}
          maxLength={props.maxLength}
          onChange={(event) => set(event.target.value)}
          dir={isRightToLeft(language) ? 'rtl' : 'ltr'}
          data-testid={props.testId}
        />
      )}
    </Space>
  );
}

/** A translations map's English text, or the first one it has. */
export function englishOf(texts: Record<string, string> | undefined): string {
  if (!texts) return '';
  return texts.en ?? Object.values(texts)[0] ?? '';
}
