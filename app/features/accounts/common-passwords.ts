/**
 * Passwords of eight or more characters that people choose most often (shorter ones are refused
 * by the length rule anyway). Compared case-insensitively. Kept short on purpose: the aim is to
 * stop the guesses an attacker tries first, not to judge every password.
 */
const list = `
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa55word pass1234 passpass
12345678 123456789 1234567890 0123456789 12341234 11111111 00000000 22222222 88888888 99999999 87654321
123123123 12121212 11223344 147258369 123qweasd 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 zaq12wsx
qwertyui qwertyuiop qwerty123 qwerty12 qwerty1234 qwertyu1 asdfghjk asdfghjkl zxcvbnm1 zxcvbnm123
abc12345 abcd1234 abcdefgh abcdefg1 a1b2c3d4 aa123456 qazwsxedc iloveyou iloveyou1 iloveyou2
welcome1 welcome123 welcome! letmein1 letmein123 changeme changeme1 changeme123 default1 temp1234
sunshine sunshine1 princess princess1 football football1 baseball baseball1 basketball superman
batman123 starwars trustno1 whatever dragon12 michael1 jennifer jordan23 liverpool chelsea1 arsenal1
computer internet security administrator admin123 admin1234 adminadmin root1234 master12 masterkey
monkey12 shadow12 charlie1 freedom1 mustang1 corvette mercedes ferrari1 porsche1 harley12 yankees1
cowboys1 steelers eagles12 lakers24 michelle jessica1 ashley12 daniel12 matthew1 nicole12 thomas12
hannah12 samantha victoria elizabeth christina 1password myspace1 facebook instagram linkedin1
google123 microsoft apple123 samsung1 nintendo playstation minecraft pokemon1 fortnite roblox123
summer12 summer2024 summer2025 winter12 winter2024 winter2025 spring2025 autumn2025 january1
monday12 friday13 qwerty2025 password2024 password2025 password2026 welcome2025 welcome2026
letmein! secret12 secret123 hello123 hello1234 hellohello goodluck blessed1 jesus123 loveyou1
lovelove lovely12 babygirl babygirl1 sweetheart butterfly chocolate cheese12 pepper12 cookie12
flower12 rainbow1 purple12 orange12 banana12 soccer12 hockey12 tennis12 golfer12 runner12
qwer1234 asdf1234 zxcv1234 1234qwer 1234abcd abcd12345 passwort motdepasse contrasena senha123
virtual1 assistant assistant1 business business1 company1 office123 manager1 marketing
`;

export const commonPasswords: ReadonlySet<string> = new Set(list.split(/\s+/).filter(Boolean));
