/** English texts of login and its siblings (SPEC §2 public routes, §8 login feedback codes). */
export const auth = {
  login: {
    title: 'Log in to Vigil',
    username: 'Username',
    password: 'Password',
    submit: 'Log in',
    submitting: 'Logging in…',
    forgotPassword: 'Forgot your password?',
    support: 'Problems logging in? Contact {{email}}.',
    supportEmail: 'your administrator',
    withKey: 'Use a hardware key without password',
    /** SPEC §8 "Login feedback codes" 1–11. */
    feedback: {
      1: 'Invalid username and/or password.',
      2: 'Invalid token.',
      3: 'Could not verify the two-factor method.',
      4: 'You have no permission to log in.',
      5: 'Unable to verify username/password, please try again later.',
      6: 'Your account is locked out.',
      7: 'A reset link has been sent.',
      8: 'The server returned an error. Please try again later.',
      9: 'Please check your email for the reset link.',
      10: 'Invalid login method.',
      11: 'Cloud directory login failed.',
    },
    lockedUntil: 'Try again after {{time}}.',
  },
  /** Issue 16: the second step of a login (SPEC §2 /login/mfa). */
  mfa: {
    method: 'Verify with',
    methods: { totp: 'Authenticator app', backup_code: 'Backup code', webauthn: 'Hardware key', push: 'Push approval on another device' },
    code: { totp: 'Code from your authenticator app', backup_code: 'Backup code' },
    remember: 'Remember this browser for a month',
    submit: 'Verify',
    submitWith: { totp: 'Verify', backup_code: 'Verify', webauthn: 'Use hardware key', push: 'Send approval request' },
    /** SPEC §4 "waiting for confirmation" */
    waiting: 'Waiting for confirmation: approve this login in Vigil on your other device.',
    pushExpired: 'No answer came in time. Send the request again, or choose another method.',
  },
  /** SPEC §2 /login/enroll. */
  enroll: {
    required: 'Your organization requires two-factor authentication. Set up an authenticator app to continue.',
    intro: 'Protect your account with a code from an authenticator app at each login.',
    start: 'Set up authenticator app',
    scan: 'Scan this QR code with your authenticator app, then enter the code it shows.',
    qr: 'QR code for your authenticator app',
    manual: 'Or enter this key by hand:',
    confirm: 'Confirm',
    backupCodes: 'Backup codes',
    backupCodesHelp: 'Keep these codes somewhere safe. Each works once if you lose your authenticator app. They are not shown again.',
    continue: 'Continue',
    cancel: 'Cancel',
    alreadyEnrolled:
      'An authenticator app is already set up for your account. To replace it, ask an administrator to reset your second factors.',
  },
  forgotPassword: {
    intro:
      'Enter your username or email address. If it belongs to an account with an email address, a link to choose a new password is sent there.',
    username: 'Username or email',
    submit: 'Send reset link',
    choose: 'Choose a new password of at least {{min}} characters.',
    newPassword: 'New password',
    repeat: 'Repeat the new password',
    mismatch: 'The two passwords differ.',
    tooShort: 'The password needs at least {{min}} characters.',
    set: 'Set password',
    changed: 'Your password has been changed. Log in with the new one.',
    requestAgain: 'Ask for a new link',
  },
  cloudLogin: {
    button: 'Log in with the cloud directory',
    finishing: 'Finishing the cloud directory login…',
  },
  backToLogin: 'Back to login',
  screens: {
    mfa: 'Two-factor authentication',
    enroll: 'Two-factor enrolment',
    forgotPassword: 'Forgot password',
    oauthRedirect: 'Cloud directory login',
  },
}
