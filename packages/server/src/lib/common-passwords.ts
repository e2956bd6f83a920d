/** Passwords from public breach top lists that fit SPEC's 6–20 characters; refused at registration and change. */
export const COMMON_PASSWORDS = new Set(
  `123456 123456789 12345678 password qwerty123 qwerty 1234567 111111 1234567890 123123 abc123 password1
  1q2w3e4r 000000 iloveyou 1q2w3e4r5t 654321 666666 qwertyuiop 123321 123456a 7777777 1qaz2wsx 121212 112233
  987654321 dragon monkey football baseball letmein master shadow sunshine princess welcome trustno1 superman
  michael jordan23 passw0rd password123 charlie donald zaq12wsx aa123456 qwerty1 asdfgh asdfghjkl 159753
  987654 222222 555555 888888 999999 a123456 123qwe 123abc 1234qwer q1w2e3r4 q1w2e3r4t5 azerty 11111111
  88888888 12341234 00000000 123654 147258369 123456789a abcd1234 admin123 administrator changeme secret
  computer internet liverpool chelsea arsenal starwars whatever freedom hello123 killer batman pokemon
  naruto soccer hockey ranger buster thomas hunter harley maggie ginger summer flower cookie pepper
  tigger jessica ashley nicole daniel andrew joshua matthew jennifer michelle purple orange yellow
  silver golden diamond mustang corvette ferrari trading tradewind stock stocks investor bitcoin crypto
  money123 million billion 5201314 woaini 1314520 asd123 zxcvbnm zxcvbn qazwsx qweasd 1qazxsw2 147258
  258369 741852963 789456123 789456 456789 123789 112233445566 11223344 aaaaaa abcdef abcdefg abcdefgh
  asdasd qweqwe zxczxc 123123123 100200 520520 789789 696969 131313 101010 202020 232323 777777 444444
  333333 mypassword mypass1 passpass pass1234 test123 test1234 testtest guest123 user123 login123
  welcome1 welcome123 letmein1 password12 password1234 p@ssw0rd p@ssword iloveyou1 loveme lovely`
    .split(/\s+/)
    .filter((word) => word.length >= 6),
);
