import { locale, localized } from '../../messages/locale';
import { adminTextHi } from './messages-hi';

/** Texts of the admin area; loaded with its screen only. */
const adminTextEn = {
  title: 'Admin',
  exportJobs: 'Export jobs (CSV)',
  exportApplications: 'Export applications (CSV)',
  loadFailed: 'Could not load.',
  figuresFailed: 'Could not load the figures.',
  actionFailed: 'The action failed.',
  reasons: {
    fake: 'Fake job',
    'asks-money': 'Asks for money',
    'wrong-details': 'Wrong details',
  } as Record<string, string>,
  stats: {
    users: 'Candidates',
    employers: 'Employers',
    spas: 'Spas',
    verifiedSpas: 'Verified spas',
    pendingSpas: 'Spas to verify',
    openJobs: 'Open jobs',
    pendingJobs: 'Jobs to review',
    applications: 'Applications',
    openReports: 'Open reports',
    newMessages: 'New messages',
  },
  spasTitle: 'Spas to verify',
  noSpas: 'No spas are waiting.',
  noteToEmployer: 'Note to the employer',
  verify: 'Verify',
  reject: 'Reject',
  jobsTitle: 'Jobs to review',
  noJobs: 'No jobs are waiting.',
  approve: 'Approve',
  reportsTitle: 'Reported jobs',
  noReports: 'No open reports.',
  reportOf: 'Report of {title}',
  quoted: '“{text}”',
  rejectJob: 'Reject job',
  dismiss: 'Dismiss',
  usersTitle: 'Users',
  searchUsers: 'Search by name, e-mail or phone',
  noUsers: 'No accounts match.',
  enable: 'Enable',
  disable: 'Disable',
  messagesTitle: 'Contact messages',
  noMessages: 'No new messages.',
  markHandled: 'Mark handled',
};

export type AdminText = typeof adminTextEn;

export const adminText: AdminText = localized(() => (locale() === 'hi' ? adminTextHi : adminTextEn));
