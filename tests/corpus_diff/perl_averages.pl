#!/usr/bin/perl
# Runs ROUGE-1.5.5's own corpus averaging on given per-evaluation values: loads the subs
# computeAverages, bootstrapResampling and by_value from the ROUGE-1.5.5.pl given as the first
# argument (the script itself is not part of this project), then for every JSON line on
# standard input ({"id", "samples", "percent", "eval_ids", "values": [[R, P, F], ...]}) fills
# %ROUGEScores as computeROUGEX does with -t 0 (test id "<eval id>.1", each value printed with
# %7.5f), calls computeAverages as the script does for -r samples -c percent, and prints
# {"id", "avg": {AvgR, CIAvgL_R, CIAvgU_R, AvgP, ...}} on standard output.
no strict;
use JSON::PP;

my $script = shift @ARGV or die "usage: perl_averages.pl ROUGE-1.5.5.pl < cases.jsonl\n";
open(my $fh, '<', $script) or die "$script: $!\n";
my $src = do { local $/; <$fh> };
close($fh);
for my $name (qw(computeAverages bootstrapResampling by_value)) {
  $src =~ /^(sub $name\s*\{.*?^\})/ms or die "sub $name not found in $script\n";
  eval $1;
  die $@ if $@;
}
my $json = JSON::PP->new->canonical;
while (my $line = <STDIN>) {
  my $case = decode_json($line);
  $numOfResamples = $case->{samples};
  $opt_c = $case->{percent};
  $alpha = 0.5;
  my %scores;
  my @ids = @{$case->{eval_ids}};
  for my $i (0 .. $#ids) {
    $scores{"$ids[$i].1"} = [map { sprintf("%7.5f", $_) } @{$case->{values}[$i]}];
  }
  my %avg;
  computeAverages(\%scores, \%avg, undef);
  my %out = map { $_ => "$avg{$_}" }
    qw(AvgR CIAvgL_R CIAvgU_R AvgP CIAvgL_P CIAvgU_P AvgF CIAvgL_F CIAvgU_F);
  print $json->encode({id => $case->{id}, avg => \%out}), "\n";
}
