import { useState } from 'react';
import { refusalOf } from '../trading/refusal-field';

/** What the server refused, kept under the field: its language key and the key's params. */
export interface FieldRefusal {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * The steps of a money form of one field that the customer reviews before it is sent (a loan
 * application or repayment, a new-share subscription, a stake): the text typed; `review`, which marks
 * the form submitted (so an empty field says so) and opens the confirmation when the input is valid;
 * `send`, which runs the request and closes the confirmation whatever its outcome. A refusal stays under
 * the field, with what was typed, until the customer types again: the request layer has already said
 * why in a toast. What the form checks and shows is the form's own.
 */
export function useReviewedForm(initialText: string) {
  const [text, setText] = useState(initialText);
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<FieldRefusal | null>(null);

  /** New text, typed or filled in by a shortcut ("max", "repay all"): the last refusal no longer applies. */
  const change = (next: string) => {
    setRefusal(null);
    setText(next);
  };

  /** The customer asks to send: from now on an empty field says so; a valid input opens the confirmation. */
  const review = (valid: boolean) => {
    setSubmitted(true);
    if (valid) setConfirming(true);
  };

  /** Sends with `request`; `done` follows a success (a toast, the next screen), a refusal stays under the field. */
  const send = async <Answer>(request: () => Promise<Answer>, done: (answer: Answer) => void) => {
    try {
      const answer = await request();
      setConfirming(false);
      done(answer);
    } catch (failure) {
      setConfirming(false);
      const refused = refusalOf(failure);
      if (refused) setRefusal({ key: refused.key, params: refused.params });
    }
  };

  /** Back to the untouched form, for a form that stays on screen after a success. */
  const reset = () => {
    setSubmitted(false);
    setText(initialText);
  };

  return {
    text,
    submitted,
    confirming,
    refusal,
    change,
    review,
    send,
    reset,
    /** The confirmation closed without sending. */
    cancel: () => setConfirming(false),
  };
}
