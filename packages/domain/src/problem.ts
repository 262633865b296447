/**
 * What a rule answers when it refuses: a code and the parameters its message needs. Rules return a
 * problem instead of throwing, so the server turns it into a refusal (`refuse(\`error.${code}\`,
 * params)`) and the web app shows the same words under the field, from one decision.
 *
 * The parameters are already the text the customer reads (a bound "10", a fee "0.51"), formatted by
 * the rule itself, so both sides show the same figure.
 */
export interface Problem<Code extends string> {
  code: Code;
  params: Record<string, string | number>;
}

export function problem<Code extends string>(code: Code, params: Record<string, string | number> = {}): Problem<Code> {
  return { code, params };
}
