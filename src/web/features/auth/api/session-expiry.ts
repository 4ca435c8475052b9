import { SESSION_PATHS, SessionExpirySchema } from '../../../../contract/session.js';
import { apiCall } from '../../../lib/api-client.js';

/** What is left of the session (a read: it does not count as activity). */
export const readExpiry = () => apiCall('GET', SESSION_PATHS.expiry, SessionExpirySchema);

/** The person is active: the server starts the idle limit again, and says what is left. */
export const sendActivity = () => apiCall('POST', SESSION_PATHS.activity, SessionExpirySchema);
