import { Form } from 'antd';
import { STRINGS } from '../strings';
import { TranslationsInput } from './TranslationsInput';

/** A translations map must at least have its English text: the fallback of every other language. */
export const ENGLISH_REQUIRED = {
  validator: (_: unknown, value?: Record<string, string>) =>
    value?.en?.trim() ? Promise.resolve() : Promise.reject(new Error('English is required')),
};

/**
 * A title and a content, each in any of the 19 languages (form fields `titleLang` and
 * `contentLang`), English required. `contentHelp` says what the content may hold.
 */
export function MultilingualFields(props: { contentHelp: string; contentMaxLength?: number }) {
  const C = STRINGS.common;
  return (
    <>
      <Form.Item name="titleLang" label={C.title} rules={[ENGLISH_REQUIRED]}>
        <TranslationsInput maxLength={200} />
      </Form.Item>
      <Form.Item name="contentLang" label={C.content} extra={props.contentHelp} rules={[ENGLISH_REQUIRED]}>
        <TranslationsInput multiline maxLength={props.contentMaxLength} />
      </Form.Item>
    </>
  );
}
