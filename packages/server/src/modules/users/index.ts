export { adminExists, applicantsOf, findUserByEmail, findUserById, findUserByInviteCode, insertUser, updateUser } from './users.repository.js';
export { withApplicants } from './users.service.js';
