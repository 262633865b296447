/** The bank card form's values, by the field names of bankPropertyConfig (bankName, bankNo, ...). */
export type CardValues = Record<string, string>;

export interface FieldProblem {
  key: 'error.required' | 'error.bank_card_number_invalid';
  params?: Record<string, string>;
}

const CARD_NUMBER = /^\d{8,30}$/;

/**
 * The language keys of a field's placeholder (an example of what goes in it) and short hint (its
 * format), derived from its label key: `bank.swift` has `bank.swift_placeholder` and
 * `bank.swift_hint`. A configured field without them (an operator's own) shows neither.
 */
export function cardFieldGuideKeys(labelKey: string): { placeholder: string; hint: string } {
  return { placeholder: `${labelKey}_placeholder`, hint: `${labelKey}_hint` };
}

/**
 * The starting values: empty for a new card; the card's fields when editing, except a masked number
 * (it carries '*'), which must be typed again: sending the mask back would replace the real number.
 */
export function initialCardValues(
  properties: readonly { propertyName: string }[],
  card: Record<string, unknown> | undefined,
): CardValues {
  const values: CardValues = {};
  for (const { propertyName } of properties) {
    const value = card?.[propertyName];
    values[propertyName] = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  }
  if (values.bankNo?.includes('*')) values.bankNo = '';
  return values;
}

/**
 * What is wrong with the form, by field: a required field left empty (the card number is always
 * required), or a card number that is not 8 to 30 digits once spaces are removed. The server checks the
 * same and more.
 */
export function cardFormProblems(
  properties: readonly { propertyName: string; labelKey: string; isRequired: number }[],
  values: CardValues,
): Record<string, FieldProblem | null> {
  const problems: Record<string, FieldProblem | null> = {};
  for (const property of properties) {
    const name = property.propertyName;
    const value = (values[name] ?? '').trim();
    const required = property.isRequired === 1 || name === 'bankNo';
    if (required && value === '') problems[name] = { key: 'error.required', params: { field: name } };
    else if (name === 'bankNo' && !CARD_NUMBER.test(value.replace(/\s+/g, ''))) {
      problems[name] = { key: 'error.bank_card_number_invalid' };
    } else problems[name] = null;
  }
  return problems;
}
