export default {
  profile: {
    tabs: { contact: 'Profile', password: 'Change password', logins: 'Recent logins' },
    contact: {
      username: 'Account',
      name: 'Name',
      phone: 'Mobile',
      email: 'E-mail',
      code: 'Verification code',
      codeHint: 'A new phone number or e-mail address must be verified',
    },
    password: {
      channel: 'Verify by',
      bySms: 'SMS',
      byEmail: 'E-mail',
      code: 'Verification code',
      new: 'New password',
      confirm: 'Confirm new password',
      submit: 'Change password',
      changed: 'Password changed. Please log in again.',
    },
    logins: { time: 'Time', ip: 'IP address', userAgent: 'Browser' },
  },
};
