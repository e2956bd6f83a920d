export { adminExists, applicantsOf, findUserByEmail, findUserById, findUserByInviteCode, insertUser, lockUser, updateUser } from './users.repository.js';
export { withApplicants } from './users.service.js';
