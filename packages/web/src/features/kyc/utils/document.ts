/** Which identity document a form takes: an ID card has a back side, a passport only its photo page. */
export type DocumentType = 'idcard' | 'passport';

export interface KycFields {
  firstName: string;
  lastName: string;
  country: string;
  documentNumber: string;
}

export type KycProblem =
  | 'firstNameRequired'
  | 'lastNameRequired'
  | 'countryRequired'
  | 'idNumberRequired'
  | 'passportNumberRequired'
  | 'documentNumberInvalid'
  | 'frontRequired'
  | 'backRequired';

const DOCUMENT_NUMBER = /^[A-Za-z0-9-]{4,30}$/;
/** SPEC §5: one text field is at most 50 characters. */
export const NAME_MAX = 50;

/** SPEC §5 required-field prompts of the KYC form; the ID card also needs its back image. */
export function checkKyc(
  type: DocumentType,
  fields: KycFields,
  images: { front: boolean; back: boolean },
): Partial<Record<keyof KycFields | 'front' | 'back', KycProblem>> {
  const problems: Partial<Record<keyof KycFields | 'front' | 'back', KycProblem>> = {};
  if (!fields.firstName.trim()) problems.firstName = 'firstNameRequired';
  if (!fields.lastName.trim()) problems.lastName = 'lastNameRequired';
  if (!fields.country) problems.country = 'countryRequired';
  const number = fields.documentNumber.trim();
  if (!number) problems.documentNumber = type === 'idcard' ? 'idNumberRequired' : 'passportNumberRequired';
  else if (!DOCUMENT_NUMBER.test(number)) problems.documentNumber = 'documentNumberInvalid';
  if (!images.front) problems.front = 'frontRequired';
  if (type === 'idcard' && !images.back) problems.back = 'backRequired';
  return problems;
}
