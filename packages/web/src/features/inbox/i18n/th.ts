import en from './en';

// TODO translate
export default en;
