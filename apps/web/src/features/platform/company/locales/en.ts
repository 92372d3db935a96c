export default {
  company: {
    title: 'Basic information',
    sellerHint:
      'These details are printed as the seller on every invoice your company issues; keep them identical to your tax registration.',
    fields: {
      name: 'Company name',
      creditCode: 'Unified social credit code',
      address: 'Address',
      phone: 'Phone',
      bank: 'Bank',
      account: 'Bank account',
    },
    individuation: {
      logo: 'Company logo',
      logoHint: 'Shown in the top bar, 160×32 recommended',
      titleImage: 'Title image',
      titleHint: 'Shown beside the logo in the top bar, 240×32 recommended',
      choose: 'Choose an image',
      noImage: 'Nothing uploaded yet',
      uploaded: 'Uploaded',
      badType: 'Only png, jpg and svg images are accepted',
      tooLarge: 'The image must not exceed 2 MB',
    },
  },
};
