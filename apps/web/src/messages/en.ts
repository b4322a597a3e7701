import { messages as rules } from '@spajobs/contract/messages';

/**
 * Every text the web app shows, in English. The spec's exact strings live
 * here (and validation messages in the contract, shared with the API), so a
 * second language is a second file of the same shape.
 * Each screen has its own section.
 */
export const en = {
  rules,
  common: {
    loading: 'Loading...',
    recently: 'Recently',
    today: 'Today',
    yesterday: 'Yesterday',
    tryAgain: 'Try Again',
    retry: 'Retry',
    previous: 'Previous',
    next: 'Next',
    page: 'Page',
    close: 'Close',
    networkError: 'Network error. Please check your connection and try again.',
    notFoundTitle: 'Page not found',
    notFoundText: "The page you're looking for doesn't exist or has moved.",
    goHome: 'Go to Home',
    skipToContent: 'Skip to main content',
  },
  // Shell: header, footer, contact popup, floating buttons (part 1).
  shell: {},
  // Home: nearby spas, recent jobs, job summary (part 1).
  home: {},
  // Spa card, spa search and spa detail (part 1).
  spas: {},
  // Job listing, job detail, guest application, thank-you (part 2).
  jobs: {},
  // About and contact pages (part 2).
  about: {},
  // The contact form, in the popup and on the contact page (part 1).
  contact: {},
  // The contact page around the form: info cards, location cards (part 2).
  contactPage: {},
  // Sign-in, registration, password reset, session (part 3).
  auth: {},
  // Dashboard, edit profile, applications, unauthorized (part 3).
  dashboard: {},
  profile: {},
};

export type Messages = typeof en;
