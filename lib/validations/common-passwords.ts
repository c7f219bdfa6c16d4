// The most common passwords that pass the composition rules (Latin, a capital, a digit, 8+),
// drawn from public breach lists; compared case-insensitively.
export const COMMON_PASSWORDS = new Set(
  `password1 password12 password123 password1234 passw0rd p@ssw0rd qwerty123 qwerty1234 qwerty12345 qwertyui1
  welcome1 welcome123 admin123 admin1234 administrator1 letmein1 iloveyou1 sunshine1 princess1 football1 baseball1
  monkey123 dragon123 master123 superman1 batman123 trustno1a abc12345 abcd1234 abcdef12 a1b2c3d4 1q2w3e4r 1qaz2wsx
  zaq12wsx qazwsx123 asdf1234 zxcvbnm1 changeme1 summer2024 summer2025 summer2026 winter2024 winter2025 winter2026
  spring2025 spring2026 autumn2025 autumn2026 january2026 november2026 december2025 password2024 password2025
  password2026 kazakhstan1 kazakhstan2026 almaty2026 almaty123 astana123 astana2026 qazaqstan1 nursultan1 tilmen123
  tilmen2026 student123 teacher123 english123 school123 internet1 computer1 samsung123 iphone123 google123 microsoft1
  michael1 jennifer1 jordan23 hello1234 freedom1 whatever1 shadow123 mustang1 starwars1 pokemon1 liverpool1 chelsea1
  arsenal1 barcelona1 realmadrid1 manchester1 secret123 mypassword1 test1234 testtest1 default1 guest1234 user1234
  login123 access123 love1234 lovely123 family123 money123 killer123 hunter123 ranger123 soccer123 hockey123 charlie1
  thomas123 george123 daniel123 andrew123 joshua123 matthew1 anthony1 william1 robert123 alexander1 aleksandr1
  dmitriy123 nikita123 maksim123 natasha1 svetlana1 tatyana1 marina123 irina123 elena123 olga1234 aigerim123 aruzhan1
  daniyar1 nurlan123 askar123 ainur123 asel1234 dana1234 madina123 saule123 yerlan123 qwerty1q qwerty11 q1w2e3r4
  q1w2e3r4t5 1234qwer 12345qwe 123qweasd qweasd123 qweasdzxc1 passpass1 password01 password11 password99 pa55word1`
    .split(/\s+/)
    .filter(Boolean),
);

export function isCommonPassword(password: string): boolean {
  const p = password.toLowerCase();
  return COMMON_PASSWORDS.has(p) || /^(.)\1+\d*$/.test(p) || /^(?:12345678|123456789|1234567890)$/.test(p);
}
