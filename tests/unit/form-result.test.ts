import { describe, expect, it } from 'vitest';
import { FORM_NOTICES, RESULT_FORMS } from '@/ui/form/notices';
import { describeResult, isResultForm, parseErrors } from '@/ui/form/result';

// The result page of a form the browser posted itself says what the server's 303 reported.
describe('a form result page', () => {
  it("sent: the form's own success words, as its toast says them", () => {
    for (const form of RESULT_FORMS.filter((f) => f !== 'viewing-room')) {
      const r = describeResult(form, 'sent');
      expect(r).toEqual({
        title: FORM_NOTICES[form].sent.title,
        message: FORM_NOTICES[form].sent.description ?? '',
        problems: [],
        sent: true,
      });
    }
  });

  it('the viewing room: the mailed link opens it (without the app nothing unlocks it here)', () => {
    expect(describeResult('viewing-room', 'sent')).toMatchObject({
      title: 'Access granted',
      message: "We've emailed you the link that opens the viewing room.",
    });
  });

  it('refused: what to correct, per field, in words (codes from the server, never its values)', () => {
    const r = describeResult('contact', 'invalid', 'name.required,email.invalid_email,message.length_too_long');
    expect(r.title).toBe('Failed to send');
    expect(r.sent).toBe(false);
    expect(r.message).toBe('Nothing was sent. Please correct this and send the form again:');
    expect(r.problems).toEqual([
      'Name: Please enter your name.',
      'Email: Please enter a valid email address.',
      'Message: Must be at most 5000 characters.',
    ]);
  });

  it('a hidden field that was refused means the page was out of date; unknown parts are left out', () => {
    expect(parseErrors('source.invalid_value,consentVersion.invalid_value')).toEqual([
      'The page was out of date. Please reload it and send the form again.',
    ]);
    expect(parseErrors('not a list,<b>x</b>.required,')).toEqual([]);
    expect(describeResult('home', 'invalid', 'garbage').message).toContain('could not be read');
  });

  it('limits, size and failures say nothing was sent and what to do', () => {
    expect(describeResult('footer', 'limited').message).toMatch(/^Nothing was sent: too many forms/);
    expect(describeResult('contact', 'too-large').message).toMatch(/shorten it/);
    expect(describeResult('exhibition', 'failed')).toMatchObject({
      title: 'Error',
      message: 'Nothing was sent. Something went wrong. Please try again.',
    });
  });

  it("knows only the contract's forms", () => {
    expect(isResultForm('contact')).toBe(true);
    expect(isResultForm('__proto__')).toBe(false);
  });
});
