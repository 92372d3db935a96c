import { describe, expect, it } from 'vitest';
import {
  classifyDeliveryFailure,
  DELIVERY_FAILURE_KINDS,
  type DeliveryFailureFacts,
  type DeliveryFailureKind,
  deliveryFailureCode,
} from '../src/index.ts';

/** Errors as nodemailer, Node, the SMS SDKs, receipts and our own refusals really leave them. */
const CASES: [string, DeliveryFailureFacts, DeliveryFailureKind][] = [
  ['our guard', { code: 'OUTBOUND_BLOCKED', message: '127.0.0.1' }, 'blocked'],
  [
    'closed port (nodemailer)',
    { code: 'ESOCKET', command: 'CONN', message: 'connect ECONNREFUSED 127.0.0.1:1' },
    'refused',
  ],
  ['closed port (stored)', { code: 'ECONNECTION', message: 'connect ECONNREFUSED 10.0.0.1:25' }, 'refused'],
  ['reset', { code: 'ECONNRESET', message: 'read ECONNRESET' }, 'refused'],
  [
    'SSL on a plain port',
    {
      code: 'ESOCKET',
      command: 'CONN',
      message:
        '806C2EB8FF7E0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:',
    },
    'tls',
  ],
  ['record header', { code: 'ESOCKET', message: 'SSL routines::record header too long' }, 'tls'],
  [
    'plain server drops the hello',
    {
      code: 'ESOCKET',
      message: 'Client network socket disconnected before secure TLS connection was established',
    },
    'tls',
  ],
  ['certificate', { code: 'ESOCKET', message: 'self-signed certificate' }, 'tls'],
  ['STARTTLS refused', { code: 'ETLS', message: 'Error upgrading connection with STARTTLS' }, 'tls'],
  [
    'unknown host',
    { code: 'EDNS', command: 'CONN', message: 'getaddrinfo ENOTFOUND nonexistent.invalid' },
    'dns',
  ],
  ['connection timeout', { code: 'ETIMEDOUT', command: 'CONN', message: 'Connection timeout' }, 'timeout'],
  ['greeting', { code: 'ETIMEDOUT', message: 'Greeting never received' }, 'timeout'],
  ['our timeout', { code: 'TIMEOUT', message: '服务商10000毫秒内未应答' }, 'timeout'],
  [
    'SDK timeout text',
    { code: 'NETWORK_ERROR', message: 'ReadTimeout(10000). GET https://x/ failed.' },
    'timeout',
  ],
  [
    'SMTP 535',
    { code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535, message: '535 5.7.8 Authentication failed' },
    'auth',
  ],
  ['stored SMTP_535', { code: 'SMTP_535', message: '535 Error: authentication failed' }, 'auth'],
  [
    'SMTP 530',
    { code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 530, message: '530 Authentication required' },
    'auth',
  ],
  [
    'SMTP 550 on RCPT',
    { code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550, message: '550 5.1.1 unknown' },
    'recipient',
  ],
  ['stored SMTP_550', { code: 'SMTP_550', message: '550 Mailbox not found' }, 'recipient'],
  ['stored SMTP_553', { code: 'SMTP_553', message: '553 not allowed' }, 'recipient'],
  [
    'SMTP 550 on MAIL FROM',
    { code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 550, message: 'sender refused' },
    'account',
  ],
  ['SMTP 554 on DATA', { code: 'EMESSAGE', command: 'DATA', responseCode: 554, message: 'spam' }, 'rejected'],
  ['SMTP 552', { code: 'SMTP_552', message: 'too large' }, 'rejected'],
  ['SMTP 421', { code: 'SMTP_421', message: 'busy' }, 'busy'],
  ['SMTP 451', { code: 'SMTP_451', message: 'try later' }, 'busy'],
  [
    'SMTP 554 greeting',
    { code: 'EPROTOCOL', command: 'CONN', responseCode: 554, message: '554 no service' },
    'refused',
  ],
  ['DSN 5.1.1', { code: '5.1.1', message: 'user unknown' }, 'recipient'],
  ['DSN 4.2.2', { code: '4.2.2', message: 'mailbox full' }, 'busy'],
  ['DSN 5.7.1', { code: '5.7.1', message: 'rejected by policy' }, 'rejected'],
  ['bounce', { code: 'BOUNCED', message: '' }, 'recipient'],
  [
    '阿里云 bad key',
    { code: 'InvalidAccessKeyId.NotFound', message: 'Specified access key is not found.' },
    'auth',
  ],
  ['阿里云 signature', { code: 'SignatureDoesNotMatch', message: 'x' }, 'auth'],
  ['阿里云 number', { code: 'isv.MOBILE_NUMBER_ILLEGAL', message: 'x' }, 'recipient'],
  ['阿里云 flow control', { code: 'isv.BUSINESS_LIMIT_CONTROL', message: 'x' }, 'busy'],
  ['阿里云 签名', { code: 'isv.SMS_SIGNATURE_ILLEGAL', message: 'x' }, 'account'],
  ['阿里云 balance', { code: 'isv.AMOUNT_NOT_ENOUGH', message: 'x' }, 'account'],
  ['阿里云 content', { code: 'isv.SMS_CONTENT_ILLEGAL', message: 'x' }, 'rejected'],
  ['腾讯云 auth', { code: 'AuthFailure.SecretIdNotFound', message: 'x' }, 'auth'],
  ['腾讯云 number', { code: 'InvalidParameterValue.IncorrectPhoneNumber', message: 'x' }, 'recipient'],
  ['腾讯云 daily limit', { code: 'LimitExceeded.PhoneNumberDailyLimit', message: 'x' }, 'busy'],
  ['腾讯云 签名', { code: 'FailedOperation.SignatureIncorrectOrUnapproved', message: 'x' }, 'account'],
  ['腾讯云 blacklist', { code: 'FailedOperation.PhoneNumberInBlacklist', message: 'x' }, 'recipient'],
  ['HTTP 503', { code: 'HTTP_503', message: '' }, 'busy'],
  ['sandbox', { code: 'MOBILE_IN_BLACKLIST', message: '' }, 'recipient'],
  ['none enabled', { code: 'NO_PROVIDER', message: '' }, 'account'],
  ['unknown', { code: 'WHATEVER', message: 'something odd' }, 'other'],
  ['nothing', {}, 'other'],
];

describe('classifyDeliveryFailure', () => {
  it.each(CASES)('%s', (_name, facts, kind) => {
    expect(classifyDeliveryFailure(facts)).toBe(kind);
  });

  it('names a catalogue code for every kind', () => {
    expect(DELIVERY_FAILURE_KINDS.map(deliveryFailureCode)).toContain('FAILURE_TLS');
    expect(new Set(DELIVERY_FAILURE_KINDS.map(deliveryFailureCode)).size).toBe(DELIVERY_FAILURE_KINDS.length);
  });
});
