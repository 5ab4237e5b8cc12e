/**
 * Passwords of 8+ characters that appear near the top of every public breach list. Sign-up refuses
 * them (compared case-insensitively). Short by design: the length rule already removes the shorter
 * ones, and this list is about the guesses an attacker tries first.
 */
const COMMON_PASSWORDS = new Set(
  `password 12345678 123456789 1234567890 qwerty123 iloveyou password1 11111111 sunshine princess
football baseball welcome1 abc12345 superman trustno1 qwertyuiop 1q2w3e4r letmein1 dragon12 monkey12
passw0rd 00000000 123123123 qwerty12 asdfghjkl zxcvbnm1 michael1 shadow12 master12 jennifer jordan23
12341234 87654321 qazwsx123 1qaz2wsx administrator changeme computer internet starwars whatever
corvette mercedes samsung1 charlie1 freedom1 password123 welcome123 admin123 root1234 test1234
letmein123 iloveyou1 q1w2e3r4 a1b2c3d4 1234qwer qwer1234 asdf1234 zaq12wsx !qaz2wsx p@ssw0rd p@ssword
football1 baseball1 princess1 sunshine1 superman1 batman12 pokemon1 minecraft liverpool chelsea1
arsenal1 manchester blink182 1234567a a1234567 aaaaaaaa abcdefgh abcd1234 qwertyui asdfasdf zxcvbnm123
88888888 66666666 99999999 12121212 11223344 147258369 159753123 987654321 0987654321 123654789
789456123 456789123 pass1234 hello123 hellohello loveyou1 lovelove iloveu12 nicole12 daniel12
jessica1 ashley12 michelle matthew1 thomas12 hunter12 killer12 soccer12 hockey12 tigger12 ginger12
maggie12 buster12 summer12 winter12 spring12 autumn12 monday12 friday12 google123 facebook linkedin
yahoo123 qwerty1234 1q2w3e4r5t 1qazxsw2 zxcasdqwe qweasdzxc welcome! passpass secret12 secret123
mypassword trustme1 iloveyou2 babygirl1 lovely12 angel123 family12 student1 teacher1 school12
tutoring homework password! password12 qwerty!@ 1234abcd 12345qwert 123qweasd qweqweqwe 1111111111
0000000000 12345678910 q1w2e3r4t5 zaq1xsw2 1q2w3e4r5t6y qwerty123456 football123 iloveyou123
princess123 sunshine123 welcome1234 admin1234 administrator1 password1234 letmein!`.split(/\s+/),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
