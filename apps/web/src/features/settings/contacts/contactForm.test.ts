import { describe, expect, it } from 'vitest';
import { contactBody, contactFormProblems, emptyContactForm, serverFieldProblem } from './contactForm';

describe('the contact form', () => {
  it('names the fields the server would refuse, with the spec’s limits', () => {
    const v = { ...emptyContactForm(), forename: 'x'.repeat(51), telmob: '1'.repeat(31), email: 'nope' };
    expect(contactFormProblems(v)).toEqual({
      forename: { key: 'this-field-has-max-length-of', limit: 50 },
      surname: { key: 'this-field-is-required' },
      telmob: { key: 'this-field-has-max-length-of', limit: 30 },
      email: { key: 'contact-invalid-email' },
    });
    expect(
      contactFormProblems({ ...emptyContactForm(), forename: 'A', surname: 'B', postCode: 'BS1 4DJ' }),
    ).toEqual({});
  });
  it('sends empty fields as nothing and the password only when typed or removed', () => {
    const v = { ...emptyContactForm(), forename: 'A', surname: 'B', collectionPassword: null };
    const body = contactBody(v);
    expect(body).toMatchObject({ forename: 'A', surname: 'B', telmob: null, type: null });
    expect('collectionPassword' in body).toBe(false);
    expect(contactBody({ ...v, collectionPassword: '' }).collectionPassword).toBeNull();
    expect(contactBody({ ...v, collectionPassword: 'owl' }).collectionPassword).toBe('owl');
  });
  it('reads the field out of a server 400', () => {
    expect(serverFieldProblem('postCode: this-field-has-max-length-of')).toEqual({
      field: 'postCode',
      problem: { key: 'this-field-has-max-length-of', limit: 20 },
    });
    expect(serverFieldProblem('email: err-invalid-email')?.problem.key).toBe('contact-invalid-email');
    expect(serverFieldProblem('cursor: bad')).toBeNull();
    expect(serverFieldProblem('Something else')).toBeNull();
  });
});
