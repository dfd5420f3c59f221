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
    back: 'Back to login',
  },
  cloudLogin: {
    button: 'Log in with the cloud directory',
    finishing: 'Finishing the cloud directory login…',
    back: 'Back to login',
  },
  notEnabled: {
    text: 'This login method is not enabled on this server.',
    back: 'Back to login',
  },
  screens: {
    mfa: 'Two-factor authentication',
    enroll: 'Two-factor enrolment',
    forgotPassword: 'Forgot password',
    oauthRedirect: 'Cloud directory login',
  },
}
