/**
 * Refusal keys of the operator's platform settings (features/platform-settings, issue 16): products,
 * fees, switches, otherValue, page configs, banners, language packs, channels. Every key exists in
 * every language pack. `{field}` names the body field refused.
 */
export const OPERATOR_SETTINGS_ERROR_KEYS = [
  /** No such product, switch, setting, entry, banner, text or channel. */
  'error.setting_not_found',
  /** The value is not one this setting holds ({field}). */
  'error.setting_value_invalid',
  /** A number outside its bounds ({field}, {min}, {max}). */
  'error.setting_out_of_range',
  /** More decimals than the setting carries ({field}, {decimals}). */
  'error.setting_too_precise',
  /** A minimum above its maximum ({field} names the minimum). */
  'error.setting_min_above_max',
  /** A plain-text field carries < or > ({field}). */
  'error.setting_text_markup',
  /** A payee address that is not an address of its network ({network}). */
  'error.payee_address_invalid',
  /** A page config's layout or target, or a banner's link, that is not a page of the app ({field}). */
  'error.page_route_unknown',
  /** A banner image that is neither an operator upload nor an https address. */
  'error.banner_image_invalid',
  /** A language text that drops or adds a {{placeholder}} of the English text ({placeholders}). */
  'error.language_text_placeholders',
] as const;
