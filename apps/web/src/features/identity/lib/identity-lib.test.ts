import { AUTH_METHOD } from '@kestrel/domain';
import { describe, expect, it } from 'vitest';
import { fieldOfProblem, fieldProblems, submissionOf, type IdentityFormValues } from './identity-form';
import { dataUrlBytes } from '../../../shared/images/image-compression';
import { CompressionError, DOCUMENT_PHOTO, documentPhotoSize, encodeWithinLimit } from './photo-compression';

describe('document photo size (long side at most 1600, never enlarged)', () => {
  it('brings a camera photo down to 1600 on its long side, keeping the aspect ratio', () => {
    expect(documentPhotoSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(documentPhotoSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(documentPhotoSize(4000, 2250)).toEqual({ width: 1600, height: 900 });
  });

  it('never enlarges a smaller photo, and keeps one exactly at the limit', () => {
    expect(documentPhotoSize(1280, 960)).toEqual({ width: 1280, height: 960 });
    expect(documentPhotoSize(1600, 1000)).toEqual({ width: 1600, height: 1000 });
  });

  it('rounds to whole pixels and keeps a thin strip at least 1 px', () => {
    expect(documentPhotoSize(3000, 1999)).toEqual({ width: 1600, height: 1066 });
    expect(documentPhotoSize(20000, 3)).toEqual({ width: 1600, height: 1 });
  });

  it('refuses a size that is not one', () => {
    expect(() => documentPhotoSize(0, 100)).toThrow(CompressionError);
    expect(() => documentPhotoSize(100, Number.NaN)).toThrow(CompressionError);
    expect(() => documentPhotoSize(Number.POSITIVE_INFINITY, 100)).toThrow(CompressionError);
  });
});

describe('encoding within the 2 MiB upload', () => {
  /** A JPEG data URL whose base64 decodes to `bytes` bytes. */
  const jpegOf = (bytes: number) => `data:image/jpeg;base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`;

  it('keeps quality 0.85 when it fits', () => {
    const tried: number[] = [];
    const result = encodeWithinLimit((quality) => {
      tried.push(quality);
      return jpegOf(500_000);
    });
    expect(result.quality).toBe(0.85);
    expect(tried).toEqual([0.85]);
  });

  it('lowers the quality step by step until the bytes fit', () => {
    const sizes: Record<number, number> = { 0.85: 3_000_000, 0.75: 2_400_000, 0.65: 2_000_000 };
    const tried: number[] = [];
    const result = encodeWithinLimit((quality) => {
      tried.push(quality);
      return jpegOf(sizes[quality] ?? 1_000_000);
    });
    expect(tried).toEqual([0.85, 0.75, 0.65]);
    expect(result.quality).toBe(0.65);
  });

  it('counts 2 MiB exactly as fitting, one byte more as not', () => {
    expect(DOCUMENT_PHOTO.bytesMax).toBe(2 * 1024 * 1024);
    // 699,050 groups of 3 bytes, then 2 bytes ("AAA="): 2,097,152 bytes.
    const exact = `data:image/jpeg;base64,${'A'.repeat(699_050 * 4)}AAA=`;
    expect(dataUrlBytes(exact)).toBe(DOCUMENT_PHOTO.bytesMax);
    expect(encodeWithinLimit(() => exact, DOCUMENT_PHOTO.bytesMax, [0.85]).quality).toBe(0.85);
    expect(() => encodeWithinLimit(() => jpegOf(DOCUMENT_PHOTO.bytesMax + 3), DOCUMENT_PHOTO.bytesMax, [0.85])).toThrow(
      CompressionError,
    );
  });

  it('gives up below the lowest quality, and never accepts a browser that wrote PNG instead', () => {
    expect(() => encodeWithinLimit(() => jpegOf(5_000_000))).toThrow(CompressionError);
    expect(() => encodeWithinLimit(() => 'data:image/png;base64,QUJD')).toThrow(CompressionError);
  });
});

const values = (overrides: Partial<IdentityFormValues> = {}): IdentityFormValues => ({
  authMethod: AUTH_METHOD.idCard,
  realName: 'Zhang Wei',
  idNumber: '110101199003077777',
  img1Key: 'front-key',
  img2Key: 'back-key',
  img3Key: '',
  ...overrides,
});

describe('the verification form (the domain rules, every field at once)', () => {
  it('a complete basic submission has no problem, and is sent trimmed with only its own photos', () => {
    const submission = submissionOf(0, values({ realName: '  Zhang Wei ', img3Key: 'stale' }));
    expect(submission).toEqual({
      authMethod: 1,
      authLevel: 0,
      realName: 'Zhang Wei',
      idNumber: '110101199003077777',
      img1Key: 'front-key',
      img2Key: 'back-key',
      img3Key: '',
    });
    expect(fieldProblems(submission)).toEqual({});
  });

  it('names each field wrong: the name, the number by the document’s rule, each missing photo', () => {
    const problems = fieldProblems(
      submissionOf(0, values({ realName: 'J4ne', idNumber: '12345', img1Key: '', img2Key: '' })),
    );
    expect(problems.realName).toEqual({ key: 'error.identity_name_invalid', params: { min: 2, max: 64 } });
    expect(problems.idNumber?.key).toBe('error.identity_number_invalid');
    expect(problems.img1Key).toEqual({ key: 'error.identity_image_required', params: { field: 'img1Key' } });
    expect(problems.img2Key?.key).toBe('error.identity_image_required');
    // A passport number has letters: fine for a passport, not for an ID card.
    expect(
      fieldProblems(submissionOf(0, values({ authMethod: AUTH_METHOD.passport, idNumber: 'E1234567' }))).idNumber,
    ).toBe(undefined);
    expect(fieldProblems(submissionOf(0, values({ idNumber: 'E1234567' }))).idNumber?.key).toBe(
      'error.identity_number_invalid',
    );
  });

  it('advanced: a method of its own level and the one photo', () => {
    const advanced = (overrides: Partial<IdentityFormValues>) =>
      fieldProblems(submissionOf(1, values({ authMethod: AUTH_METHOD.selfieWithDocument, ...overrides })));
    expect(advanced({ img3Key: 'selfie' })).toEqual({});
    expect(advanced({ img3Key: '' }).img3Key?.key).toBe('error.identity_image_required');
    expect(advanced({ authMethod: AUTH_METHOD.idCard, img3Key: 'x' }).authMethod?.key).toBe(
      'error.identity_method_invalid',
    );
    expect(submissionOf(1, values({ img3Key: 'selfie' }))).toMatchObject({ realName: '', idNumber: '', img1Key: '' });
  });

  it('puts a refusal under its field: a photo by its field param, the rest above the button', () => {
    expect(fieldOfProblem('error.identity_name_invalid', { min: 2, max: 64 })).toBe('realName');
    expect(fieldOfProblem('error.identity_number_invalid', {})).toBe('idNumber');
    expect(fieldOfProblem('error.identity_image_not_found', { field: 'img2Key' })).toBe('img2Key');
    expect(fieldOfProblem('error.identity_image_required', { field: 'nope' })).toBe('form');
    expect(fieldOfProblem('error.identity_pending', undefined)).toBe('form');
    expect(fieldOfProblem('error.real_account_only', undefined)).toBe('form');
  });
});
