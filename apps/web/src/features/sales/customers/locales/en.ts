/** Only the widgets' own texts: labels, buttons and messages come from the metadata and crud/. */
export default {
  customers: {
    checksum:
      'The credit code check character does not match (expected {{expected}}); it can still be saved — please verify',
    malformed: 'Invalid format: 15, 17, 18 or 20 upper-case letters or digits',
    taxNumberRequired: 'A company customer needs a taxpayer number',
  },
};
